// Shared media in a chat transcript: "[shares a photo: …]", the note of what the speaker showed, becomes a sentence of
// the speaker's own. Kept apart so that scoring (signals.ts) can read that sentence without importing extraction.

const MEDIA =
  /\[\s*(?:shares?|shared|sends?|sent|posts?|posted|attaches?|attached|shows?|showed)\s+(?:an?\s+)?(photo|picture|pic|image|video|gif|screenshot|drawing|link)\s*:\s*([^[\]\n]{1,500})\]/gi;
const CAPTION_LEAD = /^(?:an?\s+)?(?:photo(?:graph(?:y)?)?|picture|pic|image|video|screenshot|close[- ]up|drawing)\s+of\s+/i;

/**
 * "[shares a photo: a photo of a sketch of a lighthouse]" becomes the speaker's own sentence "I shared a photo of a
 * sketch of a lighthouse." on a line of its own.
 */
export function withCaptions(text: string): { text: string; captions: Set<string> } {
  const captions = new Set<string>();
  const out = text.replace(MEDIA, (_m, kind: string, caption: string) => {
    const c = caption.trim().replace(/[.!?\s]+$/, '');
    const sentence = CAPTION_LEAD.test(c)
      ? `I shared a ${kind.toLowerCase()} of ${c.replace(CAPTION_LEAD, '')}.`
      : `I shared a ${kind.toLowerCase()}: ${c}.`;
    captions.add(sentence);
    return `\n${sentence}\n`;
  });
  return { text: out, captions };
}

/** The words of the sentence withCaptions writes ("… shared a photo of", "… shared a link:"). */
const SHARED = String.raw`shared (an? \w+(?: of|:))`;
/** Those words in any person, as scoring reads them. */
export const SHARED_MEDIA_SENTENCE = new RegExp(String.raw`\b${SHARED}`, 'gi');
const CAPTION_SENTENCE = new RegExp(String.raw`\bI ${SHARED} [^\n]*?[.](?=\s|$)`, 'g');

/** The text without the sentences withCaptions wrote: a caption says what a picture shows ("a lake in the fall"), not when. */
export function withoutCaptions(text: string): string {
  return text.replace(CAPTION_SENTENCE, '').trim();
}

/** Whether a message shows something ("[shares a photo: …]"): a reply's remarks on "the colors" are then about it. */
export function sharesMedia(text: string): boolean {
  return text.search(MEDIA) >= 0;
}
