import { Profanity } from '@2toad/profanity';

/**
 * Profanity masked in the conversation's text, English and French word lists of @2toad/profanity,
 * whole words only (so that "class" or "assessment" stay as they are).
 */
const filter = new Profanity({ languages: ['en', 'fr'], wholeWord: true, grawlix: '****' });

export const maskProfanity = (text: string): string => filter.censor(text);
