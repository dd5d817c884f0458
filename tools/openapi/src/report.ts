/** What the generator could not map, one line each, by where it was found in the document. */
export class Report {
  readonly #lines = new Set<string>();

  add(where: string, problem: string): void {
    this.#lines.add(`${where}: ${problem}`);
  }

  get lines(): string[] {
    return [...this.#lines];
  }
}
