// A page's tabs → TabModel[]: a tab needs a label and an anchor; its body is content blocks.
import { type BlockContext, toContentBlocks } from "./blocks.server";
import type { TabModel } from "./models";
import { readRecords, readRichItems, readString } from "./read.server";

export function toTabs(value: unknown, ctx: BlockContext): TabModel[] {
  return readRecords(value).flatMap((tab) => {
    const label = readString(tab.label);
    const anchor = readString(tab.anchor);
    if (!label || !anchor) return [];
    return [{ label, anchor, body: toContentBlocks(readRichItems(tab.body), ctx) }];
  });
}
