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

/** POST /api/<operation> with `request`; the response object, or an ApiError. */
export async function call(operation, request) {
  let response;
  try {
    response = await fetch(`/api/${operation}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(request),
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
