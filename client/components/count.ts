/** "1 item", "2 items": a number with its noun. Its own module, so pure code (find-notices.ts) needs no React. */
export const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
