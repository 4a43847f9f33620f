/**
 * Workflow ids are built from business keys here and nowhere else, so a repeated request (a
 * double-clicked form, a duplicate webhook) finds the run it already started.
 */
export const workflowIds = {
  onboarding: (slug: string) => `onboarding/${slug}`,
};

export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}
