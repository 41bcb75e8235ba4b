/** A multipart body (a file upload with its fields). */
export function formOf(parts: Record<string, string | File>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(parts)) form.append(key, value);
  return form;
}
