// The conversion event of a sent form, for the tag manager's data layer: the form's id, no personal data.
// Kept with the forms, so its bytes load only with pages that carry a form.
import { type DataLayerWindow, ensureDataLayer } from "~/analytics/data-layer";

export const GENERATE_LEAD_EVENT = "generate_lead";

export function pushGenerateLead(win: DataLayerWindow, formId: string): void {
  ensureDataLayer(win).push({ event: GENERATE_LEAD_EVENT, form_id: formId });
}
