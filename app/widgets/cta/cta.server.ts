import { readString } from "~/content/read.server";
import { required, type WidgetMapper } from "../mapping.server";
import type { CtaModel } from "./model";

export const mapCtaWidget: WidgetMapper<CtaModel> = (value) => ({
  name: "cta",
  href: required(readString(value.href), "href"),
  label: required(readString(value.label), "label"),
});
