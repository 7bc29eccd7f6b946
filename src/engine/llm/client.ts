/**
 * Minimal OpenAI-compatible chat-completions client (Ollama, vLLM, llama.cpp server, hosted APIs):
 * one POST with a hard timeout, and strict validation of the JSON verdict it returns.
 */
import { trimEndMatching } from '../../core/trim.js';
export interface LlmVerdict {
  verdict: 'safe' | 'suspicious' | 'phishing';
  confidence: number;
  reasons: string[];
}

export class LlmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface ChatRequest {
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  system: string;
  user: string;
  fetch: typeof fetch;
}

const MAX_RESPONSE_CHARS = 64 * 1024;

/** Validates the model's answer: exact verdict values, confidence in [0,1], up to 3 short plain reasons. */
export function parseVerdict(content: string): LlmVerdict {
  const text = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/```$/, '').trimEnd();
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) throw new LlmError('LLM answer is not a JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new LlmError('LLM answer is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null) throw new LlmError('LLM answer is not a JSON object');
  const record = parsed as Record<string, unknown>;
  const verdict = record.verdict;
  if (verdict !== 'safe' && verdict !== 'suspicious' && verdict !== 'phishing') throw new LlmError(`LLM verdict ${JSON.stringify(verdict)} is not safe, suspicious or phishing`);
  const confidence = typeof record.confidence === 'number' && Number.isFinite(record.confidence) ? record.confidence : Number.NaN;
  if (!(confidence >= 0 && confidence <= 1)) throw new LlmError('LLM confidence is not a number between 0 and 1');
  const reasons = Array.isArray(record.reasons) ? record.reasons : [];
  const clean = reasons
    .filter((r): r is string => typeof r === 'string')
    .map((r) => r.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 200))
    .filter(Boolean)
    .slice(0, 3);
  return { verdict, confidence, reasons: clean };
}

export async function chatVerdict(request: ChatRequest): Promise<LlmVerdict> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs);
  try {
    const response = await request.fetch(`${trimEndMatching(request.url, /\//)}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(request.apiKey ? { authorization: `Bearer ${request.apiKey}` } : {}) },
      body: JSON.stringify({
        model: request.model,
        temperature: 0,
        max_tokens: 300,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
      }),
      signal: controller.signal,
    });
    if (!response.ok) throw new LlmError(`LLM endpoint answered HTTP ${response.status}`);
    const raw = await response.text();
    if (raw.length > MAX_RESPONSE_CHARS) throw new LlmError('LLM response too large');
    let body: { choices?: Array<{ message?: { content?: unknown } }> };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      throw new LlmError('LLM endpoint did not return JSON');
    }
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new LlmError('LLM response has no choices[0].message.content');
    return parseVerdict(content);
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (controller.signal.aborted) throw new LlmError(`LLM timed out after ${request.timeoutMs} ms`);
    throw new LlmError(`LLM request failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
