/** The writing calls on a session: answers, attachments and submit (contract §7). */
import type { TypedApp } from '../../http/typed.ts';
import { baseOf, completeReaction, sendSessionError, type FollowupRouteOptions } from '../../followup/index.ts';
import { checkAccess, freezeSession, loadSession, missingRequired, sessionBody, touchStarted } from '../../followup/sessions.ts';
import { validateAnswer } from '../../followup/answers.ts';
import { MAX_UPLOAD_SIZE, checkImage, mimeOf, storeFile } from '../../followup/files.ts';
import type { StoredPhoto } from '../../followup/flows.ts';
import { QA_SCHEMAS } from './schemas.ts';
import { hasNul, NULL_CHARACTERS } from '../../http/null-characters.ts';
import { multipartReadError } from '../../http/multipart.ts';

type Params = { Params: { uuid: string } };

export function registerSessionWrites(app: TypedApp, opts: FollowupRouteOptions, prefix: string): void {
  const { db } = opts;
  const now = () => opts.now?.() ?? new Date();

  app.post<Params & { Body: unknown }>(`${prefix}/sessions/:uuid/answers`, { schema: QA_SCHEMAS.answers, attachValidation: true }, async (request, reply) => {
    try {
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
        await db.insertInto('qa_answer').values({ session_id: loaded.session.id, question_id: question.id, payload: JSON.stringify(item.payload), created_at: now() }).execute();
        loaded.answers.set(question.id, item.payload);
      }
      await touchStarted(db, loaded.session, now());
      return reply.code(200).send(sessionBody(loaded, baseOf(request), errors));
    } catch (error) {
      return sendSessionError(reply, error);
    }
  });

  app.post(`${prefix}/sessions/:uuid/attachments`, { schema: QA_SCHEMAS.attachments }, async (request, reply) => {
    try {
      const loaded = await loadSession(db, request.params.uuid);
      await checkAccess(db, loaded, opts.signals, now());
      if (!request.isMultipart()) return reply.code(415).send({ detail: 'Niet-ondersteund mediatype "' + (request.headers['content-type'] ?? '') + '" in aanvraag.' });

      let questionUuid: string | undefined;
      const files: { filename: string; data: Buffer }[] = [];
      try {
        for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_SIZE, files: 10 } })) {
          if (part.type === 'file') {
            try {
              files.push({ filename: part.filename, data: await part.toBuffer() });
            } catch (error) {
              if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
              return reply.code(400).send({ file: [`File size of ${part.file.bytesRead} is more than the allowed size ${MAX_UPLOAD_SIZE}!`] });
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
      for (const file of files) {
        fileErrors.push(...(await checkImage(file.filename, file.data)));
      }
      if (fileErrors.length > 0) return reply.code(400).send({ file: fileErrors });

      const stored = [];
      for (const file of files) {
        const filePath = await storeFile(opts.mediaDir, file.filename, file.data, now());
        stored.push({ original_filename: file.filename, file_path: filePath, mime_type: await mimeOf(file.data), size: file.data.length });
      }
      const previous = loaded.answers.get(question.id);
      const list = [...(Array.isArray(previous) ? previous : previous ? [previous] : []), ...stored];
      const payload = question.multiple_answers_allowed ? list : stored[0];
      await db.insertInto('qa_answer').values({ session_id: loaded.session.id, question_id: question.id, payload: JSON.stringify(payload), created_at: now() }).execute();
      loaded.answers.set(question.id, payload);
      await touchStarted(db, loaded.session, now());
      return reply.code(201).send(sessionBody(loaded, baseOf(request)));
    } catch (error) {
      return sendSessionError(reply, error);
    }
  });

  app.post(`${prefix}/sessions/:uuid/submit`, { schema: QA_SCHEMAS.submit }, async (request, reply) => {
    try {
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
        await completeReaction(opts, signal.uuid, typeof answer === 'string' ? answer : 'Reactie ontvangen.', photos);
      }
      return reply.code(200).send(sessionBody(loaded, baseOf(request)));
    } catch (error) {
      return sendSessionError(reply, error);
    }
  });
}
