import { createContext } from 'react';

/**
 * Whether line, area and radar dots are on while a series stores nothing. The renderer decides it by the card's
 * row count (under 200 rows, or under 400 when X values repeat; charts/rules.ts
 * `defaultHasDotForRows`): the mapping screen provides it from the live preview's rows, so the series panel's
 * switch shows what the chart draws.
 */
export const DotsDefaultContext = createContext(true);
