import { ReviewView } from "@/components/lists/review-view";

export const dynamic = "force-dynamic";

export default async function Page({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  return <ReviewView deal={slug} />;
}
