/**
 * Vector parameters for bulk writes (`$n::vector`, `$n::halfvec`), holding exactly the float4
 * values toVectorLiteral's six-decimal literal (lib/models/embeddings.ts) parses to, written as
 * C99 hexadecimal floats.
 *
 * Why: pgvector reads each element with strtof. On PGlite that is musl's decimal scanner over
 * 128-bit software floats, about 1.5 µs an element: 0.6 ms of a 384-dimension vector, a third of
 * writing a chunk and a quarter of writing a finding's embedding (issue 23, bench:dataroom
 * --sql). A hexadecimal float is read without decimal arithmetic (~0.2 ms a vector). The same
 * strtof reads it on PostgreSQL (glibc), so both databases store what they stored before.
 *
 * Exactness: strtof reads a six-decimal literal K / 10^6 as the float4 nearest to it.
 * Math.fround(Number(literal)) rounds through a double first, which could only differ if the
 * double landed on a float4 tie (a 25-bit dyadic value) that the decimal is not on. For |x| ≤ 1
 * (embeddings are unit vectors) such a tie has a denominator 2^b with b ≥ 25, so the decimal
 * differs from it by at least 2^6 / (10^6 · 2^b), about 2^-39 of itself: far more than the
 * double's rounding (2^-53); and an exact tie is exact in the double too. So the float4 written
 * here is strtof's, and its hexadecimal form is exact. Elements outside [-1, 1] keep the decimal
 * literal. tests/db/vector-param.test.ts compares both readings in the database.
 */

const f32 = new Float32Array(1);
const bits = new Uint32Array(f32.buffer);

/** One element: the float4 a six-decimal literal of x reads as, in hexadecimal. */
function element(x: number): string {
  if (!Number.isFinite(x)) return "0";
  // toVectorLiteral's literal (its trailing zeros dropped, which read the same)
  const decimal = x.toFixed(6);
  if (!(Math.abs(x) <= 1)) return decimal.replace(/\.?0+$/, "");
  f32[0] = Number(decimal);
  const b = bits[0]!;
  const sign = b >>> 31 ? "-" : "";
  const exp = (b >>> 23) & 0xff;
  const mantissa = b & 0x7fffff;
  if (exp === 0 && mantissa === 0) return `${sign}0`;
  // 23 mantissa bits, shifted to fill 6 hexadecimal digits; subnormals have no implicit 1
  const digits = (mantissa << 1).toString(16).padStart(6, "0");
  return exp === 0 ? `${sign}0x0.${digits}p-126` : `${sign}0x1.${digits}p${exp - 127}`;
}

/** pgvector text literal of v with the same stored values as toVectorLiteral(v), cheaper to read. */
export function toExactVectorLiteral(v: readonly number[]): string {
  let out = "[";
  for (let i = 0; i < v.length; i++) out += (i ? "," : "") + element(v[i]!);
  return `${out}]`;
}
