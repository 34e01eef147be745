/** /manage/v1/standaardteksten and /manage/v2/standaardteksten (src/manage/default-texts). */
export { default } from './default-texts/DefaultTextsScreen.tsx';
