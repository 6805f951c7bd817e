/** Public API of the game rules: pure functions and data shared by the Worker and the client. */
export * from './best';
export * from './catalogue';
export * from './craft';
export * from './energy';
export * from './fight';
export * from './level';
export * from './power';
export * from './random';
export * from './rank';
export * from './rarity';
export * from './research';
export * from './salvage';
export * from './shop';
export * from './rolls';
export * from './trophy';
export * from './zones';
