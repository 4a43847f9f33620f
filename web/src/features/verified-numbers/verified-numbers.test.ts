import { describe, expect, it } from '@jest/globals';
import { numberStatus } from './verified-numbers';

describe('a verified number’s status', () => {
  it('asks for the code on Twilio’s call, or on the page when telephony is offline, and nothing once verified', () => {
    const base = { phone_number: '+15125550142', validation_code: '482913', verified: false };
    expect(numberStatus({ ...base, provider: 'twilio' })).toEqual({
      label: 'Waiting for code',
      palette: 'orange',
      instruction: 'Twilio is calling +15125550142: answer and enter code 482913 on the keypad, then check the status.',
      confirmHere: false,
    });
    expect(numberStatus({ ...base, provider: 'offline' })).toMatchObject({
      instruction: 'Offline telephony places no call: enter code 482913 below to confirm +15125550142.',
      confirmHere: true,
    });
    expect(numberStatus({ ...base, provider: 'offline', verified: true })).toEqual({
      label: 'Verified',
      palette: 'green',
      instruction: null,
      confirmHere: false,
    });
  });
});
