import { describe, expect, it } from 'vitest';
import { messages } from '../src/index.ts';

describe('message catalogue', () => {
  it('holds the spec texts word for word', () => {
    expect(messages.globalInvalid).toBe('U hebt niet alle vragen (juist) beantwoord. Vul hieronder aan alstublieft.');
    expect(messages.maxAssets(2, 'containers')).toBe('U kunt maximaal 2 containers kiezen.');
    expect(messages.counter(12, 1000)).toBe('12/1000 tekens');
  });
});

describe('typed errors instead of message strings', () => {
  it('an upload failure is recognised by its class and reads the Dutch text', async () => {
    const { ApiError, UploadFailedError } = await import('../src/index.ts');
    const error = new UploadFailedError(413);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(UploadFailedError);
    expect(error.status).toBe(413);
    expect(error.userMessage).toBe('Het uploaden van de foto is niet gelukt');
    // Another failed call with the same message text is not an upload failure.
    expect(new ApiError(error.message, 500)).not.toBeInstanceOf(UploadFailedError);
  });

  it('shared texts come from the catalogue: the API messages are its entries', async () => {
    const { STATUS_MESSAGES, UPLOAD_FAILED_MESSAGE, WFS_FAILED, statusMessage } = await import('../src/index.ts');
    expect(STATUS_MESSAGES).toBe(messages.status);
    expect(UPLOAD_FAILED_MESSAGE).toBe(messages.uploadFailed);
    expect(WFS_FAILED).toBe('Kaart informatie kon niet worden opgehaald.');
    expect(statusMessage(429)).toBe('Er zijn teveel verzoeken verstuurd');
    expect(statusMessage(599)).toBe(messages.statusDefault);
  });
});
