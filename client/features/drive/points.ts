/** Salvage points as the drive says them: '1 point', '1,280 points'. */
export const points = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'point' : 'points'}`;
