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
