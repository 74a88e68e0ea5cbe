/**
 * Columns of nested content. The block type is a parameter because the page's block union
 * contains this widget; naming it here would be an import cycle.
 */
export interface ContentColsModel<Block> {
  name: "content-cols";
  cols: Block[][];
}
