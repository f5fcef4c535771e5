// Collects the page head during a server render (prerendering): PageMeta reports into it.
import { createContext } from "react";
import type { PageHead } from "./seo";

export interface HeadCollector {
  set(head: PageHead): void;
}

export const HeadContext = createContext<HeadCollector | null>(null);

export function createHeadCollector(): HeadCollector & { head: PageHead | null } {
  const collector = {
    head: null as PageHead | null,
    set(head: PageHead) {
      collector.head = head;
    },
  };
  return collector;
}
