import { PipelineView } from "@/components/lists/pipeline-view";

export const dynamic = "force-dynamic";

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <PipelineView deal={slug} />;
}
