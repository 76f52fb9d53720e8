import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { useLoadMoreOnScroll } from "../hooks/use-load-more-on-scroll";

type LoadMoreProps = {
  /** The list's infinite query: more pages load when the list's end scrolls into view. */
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  loadingLabel: string;
};

/** The end of a paged admin list: loads the next page as it scrolls into view, or by its button (keyboard). */
export function LoadMore({ query, label, loadingLabel }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  useLoadMoreOnScroll(sentinel, query.hasNextPage && !query.isFetchingNextPage, () => void query.fetchNextPage());
  return (
    <>
      <div ref={sentinel} />
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? loadingLabel : label}
        </Button>
      )}
    </>
  );
}
