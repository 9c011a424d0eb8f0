// Calls to the HTTP API: one operation, its JSON request, its JSON response or an error.

/** An answer the API refused: its message (naming the field at fault) and status. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }

  /** The request field the message names (`rack[1]: …`, `table, column 7: …`), if any. */
  get field() {
    const match = /^([a-z_]+)[[.,:]/.exec(this.message);
    return match ? match[1] : null;
  }
}

/** The body gzipped (a record's text shrinks ten times), or as it is where the browser cannot. */
async function gzipped(text) {
  if (typeof CompressionStream === "undefined") return { body: text, headers: {} };
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return { body: await new Response(stream).arrayBuffer(), headers: { "Content-Encoding": "gzip" } };
}

/** POST /api/<operation> with `request`; the response object, or an ApiError. With
 * `{ gzip: true }` the request goes gzipped (for a large one: a record). */
export async function call(operation, request, { gzip = false } = {}) {
  let response;
  try {
    const text = JSON.stringify(request);
    const { body, headers } = gzip ? await gzipped(text) : { body: text, headers: {} };
    response = await fetch(`/api/${operation}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    });
  } catch (error) {
    throw new ApiError(`the server cannot be reached (${error.message})`, 0);
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok || body.error !== undefined) {
    throw new ApiError(body.error ?? `HTTP ${response.status}`, response.status);
  }
  return body;
}
