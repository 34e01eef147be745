/** The writing calls on a session: answers, attachments and submit (docs/reference/api.md#questionnaires). */
import type { TypedApp } from '../../http/typed.ts';
import { baseOf, completeReaction, type FollowupRouteOptions } from '../../followup/index.ts';
import { checkAccess, freezeSession, loadSession, missingRequired, saveAnswer, sessionBody, touchStarted } from '../../followup/sessions.ts';
import { validateAnswer } from '../../followup/answers.ts';
import { checkImage, discard, receiveToDisk, storeFile, type ReceivedFile } from '../../followup/files.ts';
import type { StoredPhoto } from '../../followup/flows.ts';
import { QA_SCHEMAS, SESSION_ROUTE } from './schemas.ts';
import { hasNul, NULL_CHARACTERS } from '../../domain/text.ts';
import { multipartReadError } from '../../http/multipart.ts';
import { API_PATHS } from '@meldloket/engine';

type Params = { Params: { uuid: string } };

export function registerSessionWrites(app: TypedApp, opts: FollowupRouteOptions): void {
  const { db } = opts;
  const now = () => opts.now?.() ?? new Date();

  app.post<Params & { Body: unknown }>(API_PATHS.qaSessionAnswers, { schema: QA_SCHEMAS.answers, attachValidation: true, config: SESSION_ROUTE }, async (request, reply) => {
    const loaded = await loadSession(db, request.params.uuid);
    await checkAccess(db, loaded, opts.signals, now());
    const body = request.body;
    if (!Array.isArray(body)) {
      const got = body === null || body === undefined ? 'NoneType' : typeof body === 'object' ? 'dict' : typeof body;
      return reply.code(400).send({ non_field_errors: [`Verwachtte een lijst met items, maar kreeg type "${got}".`] });
    }
    const itemErrors = body.map((item) => {
      const errors: Record<string, string[]> = {};
      if (!item || typeof item !== 'object') return { non_field_errors: ['Ongeldige data. Verwachtte een dictionary, maar kreeg een ' + typeof item + '.'] };
      if (!('question_uuid' in item)) errors.question_uuid = ['Dit veld is vereist.'];
      if (!('payload' in item)) errors.payload = ['Dit veld is vereist.'];
      return errors;
    });
    if (itemErrors.some((e) => Object.keys(e).length > 0)) return reply.code(400).send(itemErrors);

    const errors: Record<string, string> = {};
    for (const item of body as { question_uuid: unknown; payload: unknown }[]) {
      const question = loaded.questions.find((q) => q.uuid === String(item.question_uuid).toLowerCase());
      if (!question) continue;
      const problem = validateAnswer(question.field_type, question.required, item.payload);
      if (problem) {
        errors[question.uuid] = problem;
        continue;
      }
      await saveAnswer(db, loaded, question, item.payload, now());
    }
    await touchStarted(db, loaded.session, now());
    return reply.code(200).send(sessionBody(loaded, baseOf(request), errors));
  });

  app.post(API_PATHS.qaSessionAttachments, { schema: QA_SCHEMAS.attachments, config: SESSION_ROUTE }, async (request, reply) => {
    const loaded = await loadSession(db, request.params.uuid);
    await checkAccess(db, loaded, opts.signals, now());
    if (!request.isMultipart()) return reply.code(415).send({ detail: 'Niet-ondersteund mediatype "' + (request.headers['content-type'] ?? '') + '" in aanvraag.' });

    let questionUuid: string | undefined;
    // Each file streams to disk (never up to 10 × the limit in memory); all are removed unless stored.
    const files: ReceivedFile[] = [];
    try {
      try {
        for await (const part of request.parts({ limits: { fileSize: opts.maxUploadBytes, files: 10 } })) {
          if (part.type === 'file') {
            const received = await receiveToDisk(opts.tmpDir, part.filename, part.file);
            files.push(received);
            if (received.truncated) {
              return reply.code(400).send({ file: [`File size of more than ${opts.maxUploadBytes} is more than the allowed size ${opts.maxUploadBytes}!`] });
            }
          } else if (part.fieldname === 'question_uuid') {
            questionUuid = String(part.value);
          }
        }
      } catch (error) {
        throw multipartReadError(error);
      }
      if (!questionUuid) return reply.code(400).send({ question_uuid: ['Dit veld is vereist.'] });
      const question = loaded.questions.find((q) => q.uuid === questionUuid!.toLowerCase());
      if (!question) return reply.code(400).send({ question_uuid: [`Ongeldige pk "${questionUuid}" - object bestaat niet.`] });
      if (question.field_type !== 'image') return reply.code(400).send({ question: ['This question is not an attachment question'] });
      if (files.length === 0) return reply.code(400).send({ file: ['Er is geen bestand opgestuurd.'] });
      if (files.length > 1 && !question.multiple_answers_allowed) return reply.code(400).send({ file: ['This question does not allow multiple answers'] });

      const fileErrors: string[] = [];
      // The names go into the stored answer, and the database cannot hold a NUL.
      if (files.some((f) => hasNul(f.filename))) fileErrors.push(NULL_CHARACTERS);
      const checked: { file: ReceivedFile; type: string; data: Buffer }[] = [];
      for (const file of files) {
        const check = await checkImage(file, opts.maxUploadBytes);
        fileErrors.push(...check.errors);
        if (check.data) checked.push({ file, type: check.type, data: check.data });
      }
      if (fileErrors.length > 0) return reply.code(400).send({ file: fileErrors });

      const stored = [];
      for (const { file, type, data } of checked) {
        // the re-encoded copy (no EXIF, XMP or IPTC), never the bytes as received
        const filePath = await storeFile(opts.files, file.filename, data, now());
        stored.push({ original_filename: file.filename, file_path: filePath, mime_type: type, size: data.length });
      }
      const previous = loaded.answers.get(question.id);
      const list = [...(Array.isArray(previous) ? previous : previous ? [previous] : []), ...stored];
      const payload = question.multiple_answers_allowed ? list : stored[0];
      try {
        await saveAnswer(db, loaded, question, payload, now());
      } catch (error) {
        // No file without its row.
        await Promise.all(stored.map((f) => opts.files.remove(f.file_path)));
        throw error;
      }
    } finally {
      await discard(files);
    }
    await touchStarted(db, loaded.session, now());
    return reply.code(201).send(sessionBody(loaded, baseOf(request)));
  });

  app.post(API_PATHS.qaSessionSubmit, { schema: QA_SCHEMAS.submit, config: SESSION_ROUTE }, async (request, reply) => {
    const loaded = await loadSession(db, request.params.uuid);
    const signal = await checkAccess(db, loaded, opts.signals, now());
    if (loaded.questionnaire.flow !== 'EXTRA_PROPERTIES') {
      const missing = missingRequired(loaded);
      if (missing.length > 0) {
        const errors = Object.fromEntries(missing.map((q) => [q.uuid, 'Dit veld is vereist.']));
        return reply.code(400).send({ detail: 'Session cannot be frozen: required questions are not answered.', path_validation_errors_by_uuid: errors });
      }
    }
    await freezeSession(db, loaded.session);
    if (loaded.questionnaire.flow === 'REACTION_REQUEST' && signal) {
      const text = loaded.questions.find((q) => q.field_type === 'plain_text');
      const answer = text ? loaded.answers.get(text.id) : undefined;
      const photos = loaded.questions
        .filter((q) => q.field_type === 'image')
        .flatMap((q) => {
          const payload = loaded.answers.get(q.id);
          return (Array.isArray(payload) ? payload : payload ? [payload] : []) as StoredPhoto[];
        });
      await completeReaction(opts, signal.uuid, text?.label ?? '', typeof answer === 'string' ? answer : 'Reactie ontvangen.', photos);
    }
    return reply.code(200).send(sessionBody(loaded, baseOf(request)));
  });
}
