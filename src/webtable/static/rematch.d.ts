// "Play again" (rematch.js): the box the final-scores panels mount, and the "again" message's handler.
interface Window {
  WTRematch?: { mount(ctx: TableContext): HTMLElement; told(ctx: TableContext, msg: Protocol.Again): void };
}
