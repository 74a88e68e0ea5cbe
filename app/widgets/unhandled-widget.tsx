// A widget (or content item) with no registered handler: a hidden placeholder (SPEC §4, §8).

/** SPEC §8: the exact message. */
export function unhandledWidgetMessage(name: string): string {
  return `Widget ${name} is not handled`;
}

export function UnhandledWidget({ name }: { name: string }) {
  const message = unhandledWidgetMessage(name);
  return (
    <div hidden data-widget-unhandled={name} data-message={message}>
      {message}
    </div>
  );
}
