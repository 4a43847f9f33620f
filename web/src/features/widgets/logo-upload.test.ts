import { describe, expect, it } from '@jest/globals';
import { logoFileProblem, logoKey, throughDashboardApi } from './logo-upload';

describe('logo upload helpers', () => {
  it('accepts a small image and refuses other types, empty files and files over 2 MB', () => {
    expect(logoFileProblem({ type: 'image/png', size: 1234 })).toBeNull();
    expect(logoFileProblem({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
    expect(logoFileProblem({ type: 'image/svg+xml', size: 100 })).toBe('The logo must be a PNG, JPEG, WebP or GIF image.');
    expect(logoFileProblem({ type: '', size: 100 })).toBe('The logo must be a PNG, JPEG, WebP or GIF image.');
    expect(logoFileProblem({ type: 'image/jpeg', size: 0 })).toBe('The file is empty.');
    expect(logoFileProblem({ type: 'image/jpeg', size: 3 * 1024 * 1024 })).toBe('The logo must be at most 2 MB (this file is 3.0 MB).');
  });

  it('makes a key the API accepts from any file name', () => {
    expect(logoKey('logo.png')).toBe('logo.png');
    expect(logoKey('My Logo (final).png')).toBe('My-Logo-final-.png');
    expect(logoKey('..//.png')).toBe('png');
    expect(logoKey('ü')).toBe('logo');
    expect(logoKey(`${'a'.repeat(200)}.png`)).toHaveLength(80);
  });

  it("sends the local adapter's API URLs through the dashboard's /api and leaves other hosts alone", () => {
    expect(throughDashboardApi('http://127.0.0.1:3000/storage/upload/widgets%2Fo%2Fx-logo.png?expires=1&signature=ab')).toBe(
      '/api/storage/upload/widgets%2Fo%2Fx-logo.png?expires=1&signature=ab',
    );
    expect(throughDashboardApi('https://api.example.test/v1/storage/files/widgets%2Fo%2Fx-logo.png')).toBe('/api/storage/files/widgets%2Fo%2Fx-logo.png');
    expect(throughDashboardApi('https://bucket.s3.amazonaws.com/widgets/o/x-logo.png')).toBe('https://bucket.s3.amazonaws.com/widgets/o/x-logo.png');
    expect(throughDashboardApi('https://cdn.example.test/storage/files/widgets/o/x.png')).toBe('https://cdn.example.test/storage/files/widgets/o/x.png');
    expect(throughDashboardApi('https://cdn.example.test/storage/files/logo.png')).toBe('https://cdn.example.test/storage/files/logo.png');
    expect(throughDashboardApi('not a url')).toBe('not a url');
  });
});
