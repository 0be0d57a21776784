import { QaView } from "@/components/lists/qa-view";

export const dynamic = "force-dynamic";

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <QaView deal={slug} />;
}
