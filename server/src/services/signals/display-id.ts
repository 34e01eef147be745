/** How a report is named to people: SIG-{id}. */
export const displayId = (id: number) => `SIG-${id}`;
