/** Example reports per subcategory: `train` teaches the classifier, `heldOut` only tests it. */
export interface Examples {
  train: string[];
  heldOut: string[];
}

/** Sub-category slug → examples, for one main category. */
export type ExampleSet = Record<string, Examples>;
