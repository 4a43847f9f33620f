import { generatePassword, hashPassword, needsRehash, verifyPassword } from './passwords';

// Each hash at OWASP's cost takes seconds on a busy machine.
jest.setTimeout(60_000);

describe('hashPassword and verifyPassword', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hashPassword('correct horse battery staple');
  });

  it('accepts the password that was hashed', async () => {
    await expect(verifyPassword('correct horse battery staple', stored)).resolves.toBe(true);
  });

  it('rejects any other password, including a near miss', async () => {
    await expect(verifyPassword('correct horse battery stapl', stored)).resolves.toBe(false);
    await expect(verifyPassword('Correct horse battery staple', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('never stores the password itself and salts each hash', async () => {
    const again = await hashPassword('correct horse battery staple');

    expect(stored).not.toContain('correct horse');
    // OWASP's scrypt minimum, stored in the hash: N=2^17, r=8, p=1.
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(again).not.toBe(stored);
    await expect(verifyPassword('correct horse battery staple', again)).resolves.toBe(true);
  });

  it.each([
    ['no hash', null],
    ['an empty hash', ''],
    ['a plain-text value', 'correct horse battery staple'],
    ['another scheme', 'bcrypt$2b$10$abcdefghijklmnopqrstuv'],
    ['a hash without salt or key', 'scrypt$16384$8$1$$'],
  ])('rejects every password against %s', async (_label, malformed) => {
    await expect(verifyPassword('correct horse battery staple', malformed)).resolves.toBe(false);
  });

  it('rejects every password against a truncated hash', async () => {
    const truncated = stored.slice(0, stored.lastIndexOf('$') + 2);

    await expect(verifyPassword('any guess at all', truncated)).resolves.toBe(false);
  });

  it('rejects, without throwing, against a hash with non-numeric parameters', async () => {
    await expect(verifyPassword('any guess at all', stored.replace('131072', 'abc'))).resolves.toBe(false);
  });
});

describe('hashes made at the old cost', () => {
  it('still verify, and are the ones needing a rehash', async () => {
    const old = await hashPassword('correct horse battery staple', { N: 16384, r: 8, p: 1 });
    const current = await hashPassword('correct horse battery staple');

    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    await expect(verifyPassword('correct horse battery staple', old)).resolves.toBe(true);
    await expect(verifyPassword('correct horse battery stapl', old)).resolves.toBe(false);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(current)).toBe(false);
  });

  it('refuses a stored hash that would make a login allocate more than 1 GiB', async () => {
    const huge = (await hashPassword('x', { N: 1024, r: 8, p: 1 })).replace('$1024$8$', '$1048576$32$');

    await expect(verifyPassword('x', huge)).resolves.toBe(false);
  });
});

describe('generatePassword', () => {
  // Spec 000 §9: 32 characters from a 56-character alphabet without I, O, l, o, 0 and 1.
  const ALPHABET = /^[A-HJ-NP-Za-km-np-z2-9]+$/;

  it('makes 32-character passwords by default', () => {
    expect(generatePassword()).toHaveLength(32);
  });

  it('honours a requested length', () => {
    expect(generatePassword(12)).toHaveLength(12);
    expect(generatePassword(100)).toHaveLength(100);
  });

  it('never uses the ambiguous characters I, O, l, o, 0 or 1', () => {
    const sample = Array.from({ length: 200 }, () => generatePassword()).join('');

    expect(sample).toMatch(ALPHABET);
    expect(sample).not.toMatch(/[IOlo01]/);
  });

  it('draws from the whole 56-character alphabet', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()).join(''));

    expect(seen.size).toBe(56);
  });

  it('does not repeat itself', () => {
    const passwords = Array.from({ length: 50 }, () => generatePassword());

    expect(new Set(passwords).size).toBe(50);
  });
});
