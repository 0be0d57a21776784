import { IrlView } from "@/components/lists/irl-view";

export const dynamic = "force-dynamic";

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <IrlView deal={slug} />;
}
