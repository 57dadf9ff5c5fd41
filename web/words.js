// Small pieces of wording shared by the game panels (time played, counts).

/** "3:07" or "1:02:07" for a number of seconds. @param {number} seconds */
export function clock(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** "1 hint", "2 hints". @param {number} n @param {string} word */
export const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
