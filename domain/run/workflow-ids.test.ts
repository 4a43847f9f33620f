import { OnboardingRequestSchema } from '../contracts/admin.contract';
import { slugify, workflowIds } from './workflow-ids';

// The slug a name yields must be one the onboarding request would accept as an explicit slug.
const SLUG = OnboardingRequestSchema.shape.slug.unwrap();

describe('slugify', () => {
  it.each([
    ["Joe's HVAC & Plumbing, LLC", 'joes-hvac-plumbing-llc'],
    ['Café Délices Plomberie', 'cafe-delices-plomberie'],
    ['Señor Frío Heating & Cooling', 'senor-frio-heating-cooling'],
    ['  --Acme Air--  ', 'acme-air'],
    ['24/7 Drains', '24-7-drains'],
  ])('turns %p into %p', (name, slug) => {
    expect(slugify(name)).toBe(slug);
    expect(SLUG.safeParse(slugify(name)).success).toBe(true);
  });

  it('gives nothing for a name without Latin letters or digits, so the caller can refuse it', () => {
    expect(slugify('水道屋')).toBe('');
    expect(slugify('&&&')).toBe('');
  });

  it('keeps slugs to 60 characters', () => {
    expect(slugify('a'.repeat(200))).toHaveLength(60);
  });

  it('never ends a shortened slug with a dash', () => {
    const slug = slugify(`${'a'.repeat(59)} Plumbing`);

    expect(SLUG.safeParse(slug).success).toBe(true);
  });
});

describe('workflowIds.onboarding', () => {
  it('is built from the slug alone, so a repeated request for an organization finds the run it started', () => {
    expect(workflowIds.onboarding(slugify("Joe's HVAC & Plumbing, LLC"))).toBe('onboarding/joes-hvac-plumbing-llc');
    expect(workflowIds.onboarding('acme-air')).not.toBe(workflowIds.onboarding('acme-air-2'));
  });
});
