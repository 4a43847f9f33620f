import type { AppConfig } from '../../config/env';
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

export type LanguageEngineSettings = Pick<AppConfig, 'LLM_ADAPTER' | 'OPENAI_BASE_URL' | 'OPENAI_API_KEY' | 'OPENAI_MODEL' | 'OPENAI_CHEAP_MODEL' | 'OPENAI_TIMEOUT_MS' | 'OPENAI_PRICES'>;

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
