import type { ComponentType } from "react";
import type { SocialLink } from "~/config/site";
import { EXTERNAL_LINK_REL } from "../ui/href";
import { type IconProps, InstagramIcon, LinkedInIcon, XIcon } from "../ui/icons";
import "./social-links.css";

const SOCIAL_ICONS: Record<SocialLink["network"], ComponentType<IconProps>> = {
  linkedin: LinkedInIcon,
  instagram: InstagramIcon,
  x: XIcon,
};

export interface SocialLinksProps {
  links: SocialLink[];
  className?: string;
  /** Icon size in px (the tap target is always at least 44 px). */
  iconSize?: number;
}

/** Icon links to the social networks; each opens in a new tab and is named by its label. */
export function SocialLinks({ links, className, iconSize = 20 }: SocialLinksProps) {
  return (
    <ul className={className ? `social-links ${className}` : "social-links"}>
      {links.map((link) => {
        const Icon = SOCIAL_ICONS[link.network];
        return (
          <li key={link.network}>
            <a
              className="social-links__link"
              href={link.href}
              target="_blank"
              rel={EXTERNAL_LINK_REL}
              aria-label={`${link.label} (opens in a new tab)`}
              data-network={link.network}
            >
              <Icon size={iconSize} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
