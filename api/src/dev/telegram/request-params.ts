/**
 * A Bot API call's parameters from its HTTP request, in every form Telegram takes: a JSON body
 * (what grammY sends), multipart/form-data (grammY's choice once a file is uploaded), a urlencoded
 * body or the query string. Form fields holding objects arrive as JSON text and are parsed back;
 * an uploaded file becomes a made-up file id, as the development chat keeps no files.
 */

/** Uploads are read only to be dropped; a development chat needs no more. */
export const MAX_CALL_BYTES = 10 * 1024 * 1024;

export class CallBodyError extends Error {}

export async function readCallParams(request: {
  contentType: string;
  query: Record<string, unknown>;
  body: AsyncIterable<Buffer>;
}): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.body) {
    size += chunk.length;
    if (size > MAX_CALL_BYTES) throw new CallBodyError('Request Entity Too Large');
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks);
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(request.query)) {
    if (typeof value === 'string') params[name] = fieldValue(value);
  }
  if (raw.length === 0) return params;
  const type = request.contentType.toLowerCase();
  if (type.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new CallBodyError("Bad Request: can't parse JSON");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new CallBodyError('Bad Request: parameters must be a JSON object');
    }
    return { ...params, ...(parsed as Record<string, unknown>) };
  }
  if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
    // The platform's own form parser (undici's), so no multipart dependency is needed.
    const form = await new Response(raw, { headers: { 'content-type': request.contentType } })
      .formData()
      .catch(() => {
        throw new CallBodyError("Bad Request: can't parse the form data");
      });
    for (const [name, value] of form.entries()) {
      params[name] = typeof value === 'string' ? fieldValue(value) : `upload:${value.name || name}`;
    }
    return params;
  }
  throw new CallBodyError('Bad Request: unsupported content type');
}

/**
 * Form fields are text; objects, arrays and booleans are sent as their JSON. Numbers stay text (a
 * message may be just "42"): the methods' schemas coerce the numeric parameters.
 */
function fieldValue(value: string): unknown {
  if (!/^[[{]/.test(value) && value !== 'true' && value !== 'false') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
