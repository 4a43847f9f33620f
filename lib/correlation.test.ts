import { correlationIdFrom, currentCorrelationId, withCorrelationId } from './correlation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('correlationIdFrom', () => {
  it.each(['3f2504e0-4f89-41d3-9a0c-0305e82c3301', 'req_2024.06.01:abc-DEF', 'a'.repeat(8), 'a'.repeat(128)])("keeps the caller's id %s", (id) => {
    expect(correlationIdFrom(id)).toBe(id);
  });

  it.each([
    ['nothing', undefined],
    ['a number', 12345678],
    ['an array of ids', ['abcdefgh', 'ijklmnop']],
    ['a short id', 'abc'],
    ['an over-long id', 'a'.repeat(129)],
    ['spaces', 'hello world id'],
    ['a log-injection attempt', 'abcdefgh\n{"level":"fatal"}'],
    ['markup', '<script>alert(1)</script>'],
  ])('replaces %s with a fresh uuid', (_label, candidate) => {
    const id = correlationIdFrom(candidate);

    expect(id).toMatch(UUID);
    expect(id).not.toBe(candidate);
  });

  it('makes a new id each time it has to', () => {
    expect(correlationIdFrom(undefined)).not.toBe(correlationIdFrom(undefined));
  });
});

describe('withCorrelationId', () => {
  it('makes the id current inside the callback only', () => {
    expect(currentCorrelationId()).toBeUndefined();

    const seen = withCorrelationId('request-0001', () => currentCorrelationId());

    expect(seen).toBe('request-0001');
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('keeps the id across awaits and returns the callback result', async () => {
    const result = await withCorrelationId('request-0002', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentCorrelationId();
    });

    expect(result).toBe('request-0002');
  });

  it('keeps concurrent scopes apart and restores the outer id after a nested one', async () => {
    const inner = () =>
      withCorrelationId('inner-0001', async () => {
        await new Promise((resolve) => setTimeout(resolve, 2));
        return currentCorrelationId();
      });
    const outer = withCorrelationId('outer-0001', async () => {
      const nested = await inner();
      return [nested, currentCorrelationId()];
    });
    const other = withCorrelationId('other-0001', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentCorrelationId();
    });

    await expect(Promise.all([outer, other])).resolves.toEqual([['inner-0001', 'outer-0001'], 'other-0001']);
  });
});
