export interface CtaModel {
  name: "cta";
  href: string;
  label: string;
}
