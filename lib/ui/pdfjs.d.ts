// The browser build of pdf.js has no declaration file of its own; it is the package's main entry.
declare module "pdfjs-dist/build/pdf.mjs" {
  export * from "pdfjs-dist";
}
