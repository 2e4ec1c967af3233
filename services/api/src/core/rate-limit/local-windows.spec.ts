import { LocalWindows } from './local-windows';

describe('LocalWindows', () => {
  it("counts a key's hits in a fixed window opened by its first hit, answering the time left", () => {
    const windows = new LocalWindows();
    expect(windows.hit('a', 60_000, 1_000)).toEqual({ count: 1, remainingMs: 60_000 });
    expect(windows.hit('a', 60_000, 31_000)).toEqual({ count: 2, remainingMs: 30_000 });
    expect(windows.hit('b', 60_000, 31_000)).toEqual({ count: 1, remainingMs: 60_000 });
    expect(windows.hit('a', 60_000, 60_999)).toEqual({ count: 3, remainingMs: 1 });
    // The window ends 60 s after its first hit, however busy the end of it was.
    expect(windows.hit('a', 60_000, 61_000)).toEqual({ count: 1, remainingMs: 60_000 });
  });

  it('keeps the live windows of many keys when it sweeps the ended ones', () => {
    const windows = new LocalWindows();
    for (let i = 0; i < 10_000; i += 1) windows.hit(`old-${i}`, 1_000, 0);
    windows.hit('live', 60_000, 0);
    windows.hit('live', 60_000, 500);
    // Past 10 000 keys a new window sweeps: the ended ones go, the live one keeps its count.
    windows.hit('new', 1_000, 2_000);
    expect(windows.hit('live', 60_000, 2_000)).toEqual({ count: 3, remainingMs: 58_000 });
  });
});
