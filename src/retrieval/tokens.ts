// Token counts with a real tokenizer (o200k, the encoding of current OpenAI chat models).
import { countTokens as count } from 'gpt-tokenizer';

export function countTokens(text: string): number {
  return text ? count(text) : 0;
}
