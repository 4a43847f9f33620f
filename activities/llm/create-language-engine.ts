import { OfflineLanguageEngine } from './adapters/offline/offline.engine';
import { type ModelPrice, OpenAiLanguageEngine, type OpenAiAdapterDeps } from './adapters/openai/openai.adapter';
import { type LanguageEngine, LanguageEngineError, type ModelTier } from './language-engine.port';

export interface LanguageEngineConfig {
  adapter: 'offline' | 'openai';
  baseUrl?: string;
  apiKey?: string;
  models?: Partial<Record<ModelTier, string>>;
  /** USD per one million tokens, keyed by model name. */
  prices?: Record<string, ModelPrice>;
  timeoutMs?: number;
  maxRetries?: number;
}

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Builds the engine the composition root injects into activities (LLM_ADAPTER in config/env.ts). */
export function createLanguageEngine(config: LanguageEngineConfig, deps: OpenAiAdapterDeps = {}): LanguageEngine {
  switch (config.adapter) {
    case 'offline':
      return new OfflineLanguageEngine();
    case 'openai': {
      const models = config.models ?? {};
      if (!models.default) {
        throw new LanguageEngineError('MISCONFIGURED', 'The openai adapter needs models.default', { engine: 'openai' });
      }
      return new OpenAiLanguageEngine(
        {
          baseUrl: config.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
          apiKey: config.apiKey ?? '',
          // Without a cheaper model configured, useCheaperModel falls back to the default one.
          models: { default: models.default, cheap: models.cheap ?? models.default },
          prices: config.prices ?? {},
          timeoutMs: config.timeoutMs,
          maxRetries: config.maxRetries,
        },
        deps,
      );
    }
  }
}

// The deployment settings this factory reads, named as config/env.ts names them; the composition root passes its config.
export interface LanguageEngineSettings {
  LLM_ADAPTER: 'offline' | 'openai';
  OPENAI_BASE_URL: string;
  OPENAI_API_KEY?: string;
  OPENAI_MODEL?: string;
  OPENAI_CHEAP_MODEL?: string;
  OPENAI_TIMEOUT_MS: number;
  OPENAI_PRICES: Record<string, { inputPerMillionUsd: number; outputPerMillionUsd: number; cachedInputPerMillionUsd?: number }>;
}

/** The engine config/env.ts describes: LLM_ADAPTER and, for openai, OPENAI_*. */
export function languageEngineConfigFrom(env: LanguageEngineSettings): LanguageEngineConfig {
  return {
    adapter: env.LLM_ADAPTER,
    baseUrl: env.OPENAI_BASE_URL,
    apiKey: env.OPENAI_API_KEY,
    models: { default: env.OPENAI_MODEL, cheap: env.OPENAI_CHEAP_MODEL },
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    prices: env.OPENAI_PRICES,
  };
}
