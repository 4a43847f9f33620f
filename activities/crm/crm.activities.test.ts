import { describe, expect, it } from '@jest/globals';
import { sameStreet } from './crm.activities';

describe('sameStreet', () => {
  it('matches an address however the caller said it', () => {
    expect(sameStreet('120 Oak St', '120 Oak Street')).toBe(true);
    expect(sameStreet('120 oak street, Springfield', '120 Oak Street')).toBe(true);
    expect(sameStreet('45 Maple Avenue', '45 Maple Ave.')).toBe(true);
  });

  it('refuses another house or another street', () => {
    expect(sameStreet('121 Oak Street', '120 Oak Street')).toBe(false);
    expect(sameStreet('120 Elm Street', '120 Oak Street')).toBe(false);
    expect(sameStreet('', '120 Oak Street')).toBe(false);
  });
});
