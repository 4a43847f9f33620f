import { loadConfig } from '../../config/env';
import { OfflineLanguageEngine } from './adapters/offline/offline.engine';
import { OpenAiLanguageEngine } from './adapters/openai/openai.adapter';
import { createLanguageEngine, languageEngineConfigFrom } from './create-language-engine';

describe('createLanguageEngine', () => {
  it('builds the offline engine without any other setting', () => {
    expect(createLanguageEngine({ adapter: 'offline' })).toBeInstanceOf(OfflineLanguageEngine);
  });

  it('builds the openai adapter, using the default model when no cheaper one is configured', async () => {
    const sent: { url: string; body: any; auth: string | null }[] = [];
    const fakeFetch: typeof fetch = async (url, init) => {
      sent.push({ url: String(url), body: JSON.parse(String(init?.body)), auth: new Headers(init?.headers).get('authorization') });
      return new Response(JSON.stringify({ model: 'gpt-x', choices: [{ message: { content: 'hi' } }], usage: { prompt_tokens: 10, completion_tokens: 1 } }), {
        status: 200,
      });
    };
    const engine = createLanguageEngine(
      {
        adapter: 'openai',
        apiKey: 'k',
        baseUrl: 'http://127.0.0.1:9/v1/',
        models: { default: 'gpt-x' },
        prices: { 'gpt-x': { inputPerMillionUsd: 1, outputPerMillionUsd: 2 } },
      },
      { fetch: fakeFetch },
    );
    expect(engine).toBeInstanceOf(OpenAiLanguageEngine);
    const completion = await engine.complete({ model: 'cheap', messages: [{ role: 'user', content: 'x' }] });
    expect(sent).toEqual([
      { url: 'http://127.0.0.1:9/v1/chat/completions', body: { model: 'gpt-x', messages: [{ role: 'user', content: 'x' }] }, auth: 'Bearer k' },
    ]);
    expect(completion.costUsd).toBeCloseTo(0.000012, 12);
  });

  it('refuses an openai configuration without a model, a key or a price', () => {
    expect(() => createLanguageEngine({ adapter: 'openai', apiKey: 'k' })).toThrow(expect.objectContaining({ code: 'MISCONFIGURED' }));
    expect(() =>
      createLanguageEngine({ adapter: 'openai', models: { default: 'm' }, prices: { m: { inputPerMillionUsd: 1, outputPerMillionUsd: 1 } } }),
    ).toThrow(expect.objectContaining({ code: 'MISCONFIGURED', message: expect.stringContaining('apiKey') }));
    expect(() => createLanguageEngine({ adapter: 'openai', apiKey: 'k', models: { default: 'm' } })).toThrow(
      expect.objectContaining({ message: expect.stringContaining('prices') }),
    );
  });
});

describe('the engine config/env.ts describes', () => {
  it('builds the openai engine from the environment', () => {
    const config = loadConfig({
      LLM_ADAPTER: 'openai',
      OPENAI_MODEL: 'gpt-4.1-mini',
      OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_PRICES: '{"gpt-4.1-mini":{"inputPerMillionUsd":0.4,"outputPerMillionUsd":1.6}}',
    });
    const settings = languageEngineConfigFrom(config);
    expect(settings).toMatchObject({ adapter: 'openai', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-test', models: { default: 'gpt-4.1-mini' } });
    expect(createLanguageEngine(settings).name).toBe('openai');
    expect(createLanguageEngine(languageEngineConfigFrom(loadConfig({}))).name).toBe('offline');
  });
});
