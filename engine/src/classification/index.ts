export {
  MIN_PREDICTION_CERTAINTY,
  FALLBACK_HANDLING_MESSAGE,
  FALLBACK_CATEGORY,
  parseCategoryUrl,
  subcategoryUrl,
  overigSubcategory,
  overigCandidates,
  classifyPrediction,
  classificationFromSubcategory,
} from './prediction.ts';
export type { PredictionResponse, PredictedCategory, ClassifyOptions, SubcategoryResponse } from './prediction.ts';
export { trainClassifier, DEFAULT_CLASSIFIER_OPTIONS } from './classifier.ts';
export type { TextClassifier, RankedLabel, ClassifierOptions, TrainingExamples } from './classifier.ts';
export { textFeatures, contentWords, normalizeText, stemWord } from './features.ts';
export type { FeatureGroup } from './features.ts';
export { CLASSIFIER_EXAMPLES_FOLDER, classifierExamples, classifierLabel, splitClassifierLabel } from './examples.ts';
export type { ClassifierExamplesFile } from './examples.ts';
