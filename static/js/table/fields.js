/* Fields the player fills in, put into a command: a data-compose form's own, or those inside the
   element a data-fields selector names. A field's name is its path in the command ("swap.take";
   "fills[]" adds to a list); its value a string or, with data-json, JSON ("2" -> 2). Unchecked boxes,
   empty values and disabled fields give nothing. */
import { liveRoot, parseJSON } from "./page.js";

export function fieldsOf(el) {
  const box = el.tagName === "FORM" ? el : el.dataset.fields && liveRoot()?.querySelector(el.dataset.fields);
  return [...(box?.querySelectorAll("input, select, textarea") || [])].filter((f) => f.name && !f.disabled);
}

function valueOf(field) {
  if (field.value === "" || (/^(checkbox|radio)$/.test(field.type) && !field.checked)) return undefined;
  return field.hasAttribute("data-json") ? parseJSON(field.value, field.value) : field.value;
}

const isObject = (value) => value !== null && typeof value === "object";

/* The command (a copy) with each field's value at its path. Where the command holds a value at the
   path already (one the server listed, such as a claim the player must type), the field must hold the
   same: else the command cannot be sent (null). */
export function withFields(command, fields) {
  const out = structuredClone(command);
  for (const field of fields) {
    const value = valueOf(field);
    const adds = field.name.endsWith("[]");
    const path = field.name.replace(/\[\]$/, "").split(".");
    const had = path.reduce((obj, key) => (isObject(obj) ? obj[key] : undefined), out);
    if (!adds && had != null && JSON.stringify(had) !== JSON.stringify(value)) return null;
    if (value === undefined || (!adds && had != null)) continue;
    const last = path.pop();
    const parent = path.reduce((obj, key) => (isObject(obj[key]) ? obj[key] : (obj[key] = {})), out);
    if (adds) (parent[last] = Array.isArray(parent[last]) ? parent[last] : []).push(value);
    else parent[last] = value;
  }
  return out;
}
