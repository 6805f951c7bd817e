/** A cash spend, asked about first (docs/design.md section 9.2): what it buys and its price, named in the question. */
export interface Spend {
  name: string;
  /** The question, naming what it buys and the price: 'Buy a Second Wind for 3 cash?'. */
  question: string;
  price: number;
  send: () => Promise<unknown>;
  /** The toast once bought. */
  done: string;
}

/** Why a price cannot be paid yet, beside its button; null when it can. */
export const short = (price: number, cash: number) => (cash < price ? `You need ${price - cash} more cash.` : null);
