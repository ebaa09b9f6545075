/** A turn of the event loop: long property tests take one per run, so the test runner's messages get through. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
