/**
 * How long a wait still runs, in words a player reads at a glance (issue 17: every wait says how long), the one
 * formatter for research, energy and arena recovery: "2 d 4 h", "2 h 35 m", "9 m 5 s", "45 s". Seconds are
 * rounded up, so a wait never reads "0 s" before it is over.
 */
export function timeLeft(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const [days, hours, minutes] = [Math.floor(seconds / 86_400), Math.floor(seconds / 3600) % 24, Math.floor(seconds / 60) % 60];
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} m`;
  if (minutes > 0) return `${minutes} m ${seconds % 60} s`;
  return `${seconds} s`;
}
