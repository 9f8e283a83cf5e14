/**
 * jsdom has no ResizeObserver: a stand-in that never reports a size, for the map screens' tests
 * (the map never renders without a size, but the editor's controller runs).
 */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
