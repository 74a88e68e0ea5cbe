// A widget (or content item) with no registered handler: a hidden placeholder.

/** The placeholder's message (tests quote it). */
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
